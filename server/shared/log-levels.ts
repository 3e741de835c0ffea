/**
 * The log levels of spec 9, quietest first, by the names Advanced settings
 * shows and stores (upper-case). Shared by the recorder and the client.
 */
export const LOG_LEVELS = ['NONE', 'ERROR', 'WARN', 'INFO', 'LOG', 'DEBUG', 'TRACE'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
