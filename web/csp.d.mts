// Types for csp.mjs (plain JavaScript, so that scripts/build.sh can import it with node).
export declare const CSP_META: string;
export declare const CSP_HEADER: string;
