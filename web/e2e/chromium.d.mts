/** Debian's Chromium. */
export declare const CHROMIUM_PATH: string;
/** Headless, and nothing that reaches the network on its own. */
export declare const CHROMIUM_ARGS: string[];
