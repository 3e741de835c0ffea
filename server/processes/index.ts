/**
 * The child-process layer of the recorder and the camera simulator: every
 * ffmpeg and ffprobe they run is started, listed and stopped through here.
 * paths.ts says which binaries; spawn.ts starts a child (argument array, no
 * shell, stderr tail kept) and registry.ts lists it until it exits;
 * terminate.ts stops one (SIGTERM, then SIGKILL); run.ts runs a short
 * program to completion; ffmpeg-child.ts is an ffmpeg fed on stdin and read
 * on stdout, stopped at once. jpeg-output-args.ts, a pure argument builder,
 * is imported directly by the modules that build ffmpeg commands.
 */
export { FFMPEG_PATH, FFPROBE_PATH } from './paths';
export { spawnChild, STDERR_TAIL_CHARS, type SpawnedChild, type SpawnOptions } from './spawn';
export { listChildren, terminateAllChildren, type ChildInfo } from './registry';
export { terminate } from './terminate';
export { runToCompletion, type RunOptions, type RunResult } from './run';
export { FfmpegChild, runFfmpeg, type FfmpegExit } from './ffmpeg-child';
