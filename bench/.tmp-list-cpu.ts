// one-off, not committed: CPU per 5,000-camera list, old (parse + flat + stringify) vs new (shape check + join)
import { cameraItems, joinCameraItems } from '../server/aggregator/proxy/camera-list-join';
const camera = (r: number, c: number) => ({ id: `cam-${r}-${c}-0000-0000-000000000000`, orchidId: `orchid-${r}-0000-0000-000000000000`, name: `Recorder ${r} camera ${c}`, ptzCapabilities: { maxPresets: 10 }, primaryStream: { id: `s-${r}-${c}`, name: 'Main', status: { streamState: 'restarting', retryCount: 3 } }, streams: [{ id: `s-${r}-${c}`, name: 'Main', uri: 'rtsp://127.0.0.1:1/none', recordingStyle: 'proxy-only', configuration: { Video: { width: 1280, height: 720 } }, status: { streamState: 'restarting', retryCount: 3, lastArchiveWritten: null }, retentionMs: null }], connection: { uri: 'http://127.0.0.1:1/onvif/device_service', username: '' }, permissions: { live: true, archive: true, ptz: true } });
const bodies = Array.from({ length: 50 }, (_, r) => Buffer.from(JSON.stringify({ data: { cameras: Array.from({ length: 100 }, (_, c) => camera(r, c)) } })));
const oldWay = () => Buffer.from(JSON.stringify({ data: { cameras: bodies.flatMap((b) => (JSON.parse(b.toString('utf8')) as { data: { cameras: unknown[] } }).data.cameras) } }));
const newWay = () => joinCameraItems(bodies.map((b) => cameraItems(b)!));
for (const [name, f] of [['old', oldWay], ['new', newWay], ['old', oldWay], ['new', newWay]] as const) {
  for (let i = 0; i < 3; i++) f();
  const start = process.cpuUsage();
  const n = 20;
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes = f().length;
  const used = process.cpuUsage(start);
  console.log(name, 'CPU ms per list', ((used.user + used.system) / 1000 / n).toFixed(1), 'bytes', bytes);
}
