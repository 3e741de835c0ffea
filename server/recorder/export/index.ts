/**
 * What other recorder features may use of export: the directory port through
 * which export learns a stream's camera (retention's catalogue answers it).
 */
export type { ExportStreamDirectory } from './export-service';
