/**
 * Where the client keeps its session token: session storage for a sign-in
 * that ends with the browser, local storage for 'stay signed in'. A module
 * of its own so the e2e fixtures that start a browser signed in use the
 * same key without loading the session store.
 */
export const SESSION_TOKEN_KEY = 'argus.session-token';
