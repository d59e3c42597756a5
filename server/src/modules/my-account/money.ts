// Money of the account in integer cents: the stored numerics have two decimals, so Math.round on
// the text's value is exact, and sums of integers never drift as float sums of euros would.

export const cents = (amount: string | number): number => Math.round(Number(amount) * 100);
export const euros = (value: number): number => value / 100;
