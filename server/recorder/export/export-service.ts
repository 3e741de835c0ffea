/**
 * Export of recorded video (spec 5, 7, 8): checks the request, finds the
 * archive segments of the range and starts the remux. HEAD answers whether
 * anything was recorded there; GET streams the file. At most
 * `maxConcurrent` exports run at once (each holds an ffmpeg and a disk
 * stream); more get a 503 to retry, so a burst of downloads cannot starve
 * recording of disk bandwidth.
 */
import type { Readable } from 'node:stream';
import type { ArchiveLookup } from '../core/media-contracts';
import { ExportFailedError, startExport, type RunningExport } from './exporter';
import { planExport, type ExportPiece } from './export-plan';
import type { SegmentTiming } from './export-plan';
import { ApiError, notFound } from '../../common/api-error';
import { contentDisposition, EXPORT_CONTENT_TYPES, exportFileName } from './export-file-name';
import { checkExportRange, type ExportRange, type RawExportRequest } from './export-request';

/** What the export needs to know about a stream: its names, or undefined when no such stream exists. */
export interface ExportStreamDirectory {
  describeStream(streamId: string): { cameraName: string; streamName: string } | undefined;
}

export const NO_ARCHIVES_REASON = 'no archives in the region';
export const EXPORT_FAILED_REASON = 'error occurred while exporting video';
export const DEFAULT_MAX_CONCURRENT_EXPORTS = 4;

export interface ExportDownload {
  fileName: string;
  contentType: string;
  contentDisposition: string;
  output: Readable;
  firstFrameMs: number;
}

export interface ExportServiceDeps {
  archives: Pick<ArchiveLookup, 'segmentsBetween'>;
  streams: ExportStreamDirectory;
  /** Every segment path must lie inside this folder. */
  archiveRoot: string;
  maxExportHours: () => number;
  now?: () => number;
  maxConcurrent?: number;
  probe?: (file: string) => Promise<SegmentTiming>;
  log?: { warn: (details: object, message: string) => void };
}

export class ExportService {
  private running = 0;

  constructor(private readonly deps: ExportServiceDeps) {}

  get activeExports(): number {
    return this.running;
  }

  /** The checked range and the stream's names; 400 for a bad request, 404 for an unknown stream. */
  private resolve(request: RawExportRequest): { range: ExportRange; names: { cameraName: string; streamName: string } } {
    const range = checkExportRange(request, this.deps.maxExportHours(), (this.deps.now ?? Date.now)());
    const names = this.deps.streams.describeStream(range.streamId);
    if (!names) throw notFound('No stream has this id.', 'stream-not-found');
    return { range, names };
  }

  private pieces(range: ExportRange): ExportPiece[] {
    return planExport(this.deps.archives.segmentsBetween(range.streamId, range.startMs, range.stopMs), range.startMs, range.stopMs);
  }

  /** HEAD: throws 404 'no archives in the region' when nothing was recorded in the range. */
  check(request: RawExportRequest): void {
    const { range } = this.resolve(request);
    if (this.pieces(range).length === 0) throw notFound(NO_ARCHIVES_REASON, 'no-archives');
  }

  async open(request: RawExportRequest): Promise<ExportDownload> {
    const { range, names } = this.resolve(request);
    const pieces = this.pieces(range);
    if (pieces.length === 0) throw notFound(NO_ARCHIVES_REASON, 'no-archives');
    if (this.running >= (this.deps.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_EXPORTS)) {
      throw new ApiError(503, 'export-busy', 'Too many exports are running; try again in a minute.');
    }
    this.running++;
    let job: RunningExport;
    try {
      job = await startExport({ pieces, format: range.format, archiveRoot: this.deps.archiveRoot, probe: this.deps.probe });
    } catch (error) {
      this.running--;
      this.deps.log?.warn({ err: error, streamId: range.streamId }, 'export failed to start');
      if (error instanceof ExportFailedError || error instanceof Error) {
        throw new ApiError(500, 'export-failed', EXPORT_FAILED_REASON);
      }
      throw error;
    }
    void job.exited.then((exit) => {
      this.running--;
      if (!exit.stopped && exit.code !== 0) {
        this.deps.log?.warn({ streamId: range.streamId, stderr: exit.stderr }, 'export ended with an error');
      }
    });
    const fileName = exportFileName(names, range.startMs, range.stopMs, range.format);
    return {
      fileName,
      contentType: EXPORT_CONTENT_TYPES[range.format],
      contentDisposition: contentDisposition(fileName),
      output: job.output,
      firstFrameMs: job.firstFrameMs,
    };
  }
}
