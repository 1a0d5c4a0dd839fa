/**
 * Issue 9: what the login page may download before anyone has signed in. The login page is the
 * first thing every user and every colleague on the network opens; the admin shell and the features
 * load after sign-in. Bytes as they travel (compressed, `Accept-Encoding: br`), kB as 1,000 bytes.
 */
export const LOGIN_PAGE_JS_BUDGET_BYTES = 174_000;
