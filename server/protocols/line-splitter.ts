/**
 * Lines of a text stream that arrives in chunks (a child process's pipe):
 * whole lines out, the unfinished last one kept for the next chunk, and
 * bounded if a writer never ends its line.
 */
export class LineSplitter {
  private pending = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string | Buffer): void {
    const text = this.pending + chunk.toString();
    const lines = text.split(/\r?\n|\r/);
    this.pending = lines.pop() ?? '';
    // Bound memory if a writer never ends its line.
    if (this.pending.length > 64 * 1024) this.pending = this.pending.slice(-64 * 1024);
    for (const line of lines) if (line.length > 0) this.onLine(line);
  }

  flush(): void {
    if (this.pending.length > 0) this.onLine(this.pending);
    this.pending = '';
  }
}
