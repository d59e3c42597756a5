// `npm start` (after the build): try the portal on this machine. Production mode, but with what a
// fresh clone needs and a deployment must not get by default: the demo accounts (SEED_DEMO=1) and
// mail links to http://localhost:PORT (PUBLIC_URL). Variables already set win. A deployment runs
// `npm run serve` with its own PUBLIC_URL and no SEED_DEMO (README, « En production »).
// Plain Node rather than `VAR=… cmd`, so it reads the same in every shell.
process.env.NODE_ENV ||= 'production';
process.env.SEED_DEMO ||= '1';
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`;
const { register } = await import('tsx/esm/api');
register();
await import('../server/src/index.ts');
