import { describe, expect, it } from 'vitest';
import { CompositorLink } from '../../../../../workers/core/stage-tiles/compositor-link';
import { FakeCompositor, FakeFrame, FakePort, asBitmap, asPort, fakeCanvas } from './fakes';

function rig(webgl2 = true) {
  const made: FakeCompositor[] = [];
  const link = new CompositorLink((canvas) => {
    const compositor = new FakeCompositor(canvas, webgl2);
    made.push(compositor);
    return compositor;
  });
  return { link, made };
}

describe('compositor link', () => {
  it('closes a shader frame with nowhere to go', () => {
    const { link } = rig();
    const frame = new FakeFrame();
    link.send('tile-1', asBitmap(frame));
    expect(frame.closed).toBe(true);
  });

  it('hands frames to the compositor this worker hosts', () => {
    const { link, made } = rig();
    expect(link.host(fakeCanvas('stage'), 800, 450, 2)).toBe(true);
    expect(made[0]!.calls).toEqual(['init 800x450@2']);
    const frame = new FakeFrame();
    link.send('tile-1', asBitmap(frame));
    expect(made[0]!.pushed).toEqual([{ tileId: 'tile-1', frame }]);
    expect(frame.closed).toBe(false);
  });

  it('hosts nothing without WebGL2', () => {
    const { link } = rig(false);
    expect(link.host(fakeCanvas('stage'), 800, 450, 1)).toBe(false);
    expect(link.hosted).toBeNull();
  });

  it('replaces a hosted compositor, destroying the old one', () => {
    const { link, made } = rig();
    link.host(fakeCanvas('a'), 1, 1, 1);
    link.host(fakeCanvas('b'), 1, 1, 1);
    expect(made[0]!.destroyed).toBe(true);
    expect(link.hosted).toBe(made[1]);
  });

  it('transfers frames over the link in a worker that does not host', () => {
    const { link } = rig();
    const port = new FakePort();
    link.link(asPort(port));
    const frame = new FakeFrame();
    link.send('tile-2', asBitmap(frame));
    expect(port.posted).toEqual([{ message: { tileId: 'tile-2', frame }, transfer: [frame] }]);
    const next = new FakePort();
    link.link(asPort(next));
    expect(port.closed).toBe(true);
  });

  it('pushes frames arriving on an accepted link into the hosted compositor, or closes them', () => {
    const { link, made } = rig();
    const port = new FakePort();
    link.accept(asPort(port));
    const early = new FakeFrame();
    port.receive({ tileId: 'tile-3', frame: asBitmap(early) });
    expect(early.closed).toBe(true);
    link.host(fakeCanvas('stage'), 1, 1, 1);
    const frame = new FakeFrame();
    port.receive({ tileId: 'tile-3', frame: asBitmap(frame) });
    expect(made[0]!.pushed).toEqual([{ tileId: 'tile-3', frame }]);
  });

  it('destroys the compositor and closes every port', () => {
    const { link, made } = rig();
    const inbound = new FakePort();
    const outbound = new FakePort();
    link.host(fakeCanvas('stage'), 1, 1, 1);
    link.accept(asPort(inbound));
    link.link(asPort(outbound));
    link.destroy();
    expect(made[0]!.destroyed).toBe(true);
    expect(inbound.closed).toBe(true);
    expect(outbound.closed).toBe(true);
    expect(link.hosted).toBeNull();
    const frame = new FakeFrame();
    link.send('tile-1', asBitmap(frame));
    expect(frame.closed).toBe(true);
  });
});
