import { describe, expect, it } from 'vitest';
import { cameraItems, joinCameraItems, objectSequenceLength, parsedCameraItems } from '../../../../../server/aggregator/proxy/camera-list-join';

const answer = (cameras: unknown[]) => Buffer.from(JSON.stringify({ data: { cameras } }));
const cameraA = { id: 'a', orchidId: 'o1', name: 'Gate "north" ]}}', streams: [{ id: 's', tags: ['x', '{'] }] };
const cameraB = { id: 'b', orchidId: 'o2', name: 'Yard \\', streams: [] };

describe('camera list joined as bytes', () => {
  it('joins the recorders\' cameras into one list equal to what parsing would give', () => {
    const parts = [answer([cameraA]), answer([]), answer([cameraB, cameraA])].map((body) => cameraItems(body)!);
    expect(JSON.parse(joinCameraItems(parts).toString())).toEqual({ data: { cameras: [cameraA, cameraB, cameraA] } });
    expect(JSON.parse(joinCameraItems([]).toString())).toEqual({ data: { cameras: [] } });
  });

  it('counts the top-level objects, strings and escapes skipped', () => {
    expect(objectSequenceLength(Buffer.from('{"a":"}"},{"b":["\\"]"]}'))).toBe(2);
    expect(objectSequenceLength(Buffer.from(' '))).toBe(0);
  });

  it('refuses an answer whose bytes would change the shape of the list', () => {
    for (const text of [
      '{"data":{"cameras":[{"a":1}],"x":[{"b":2}]}}', // the last ] closes another array
      '{"data":{"cameras":[1,2]}}', // not objects
      '{"data":{"cameras":[{"a":1}{"b":2}]}}', // no comma
      '{"data":{"cameras":[{"a":1},]}}', // trailing comma
      '{"data":{"cameras":[{"a":"]}}', // open string
      '{"data":{"cameras":[{"a":1}]},"more":1}', // another envelope
      '{"data":{"cameras":[{"a":[}]}}', // unbalanced
    ]) {
      expect(cameraItems(Buffer.from(text)), text).toBeUndefined();
    }
  });

  it('falls back to parsing: keeps the camera objects of a differently written answer, none of one without a list', () => {
    const spaced = Buffer.from(JSON.stringify({ data: { cameras: [cameraA, 3] } }, null, 2));
    expect(cameraItems(spaced)).toBeUndefined();
    expect(JSON.parse(joinCameraItems([parsedCameraItems(spaced)]).toString()).data.cameras).toEqual([cameraA]);
    expect(parsedCameraItems(Buffer.from('{"data":{}}')).length).toBe(0);
    expect(parsedCameraItems(Buffer.from('not json')).length).toBe(0);
  });
});
