/** Leaves the app for the provider's hosted page: a full-page load, so the card never touches the app. */
export const goToProvider = (url: string) => window.location.assign(url);
