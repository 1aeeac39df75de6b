/** Each server module and the modules it may use (see server-module-uses.js). */
export declare const SERVER_MODULE_USES: Record<string, string[]>;
