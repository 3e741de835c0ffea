import { describe, expect, it } from 'vitest';
import { dewarpFileName } from '../../../../../src/media/export/dewarp-page-download';
import { dewarpPageFrame, dewarpView } from '../../../../../src/media/export/dewarp-page';

describe('the html dewarp page', () => {
  it('draws the default perspective view through the stage perspective shader', () => {
    const view = dewarpView({ enable: true });
    expect(view.fragment).toContain('Perspective dewarp');
    expect(view).toMatchObject({ width: 1280, height: 720 });
    expect(view.uniforms.u_plane).toHaveLength(2);
    expect(view.uniforms.u_basis).toHaveLength(9);
    expect(view.uniforms.u_lens).toBeUndefined(); // fitted to the video in the page
  });

  it('draws a panorama at its aspect ratio when that is the default mode', () => {
    const view = dewarpView({ enable: true, defaultMode: 'panorama', panoramaAspectRatio: 3 });
    expect(view.fragment).toContain('Panorama dewarp');
    expect(view).toMatchObject({ width: 2160, height: 720 });
    expect(view.uniforms.u_azimuth).toHaveLength(2);
  });

  it('embeds the shaders, the lens function and the settings, and keeps the title and data from breaking out', () => {
    const { head, tail } = dewarpPageFrame({ title: 'Gate <script>', config: { enable: true }, videoType: 'video/mp4' });
    expect(head).toContain('Gate &#60;script&#62;');
    expect(head.endsWith('<script id="video-data" type="text/plain">')).toBe(true);
    expect(head).toContain('#version 300 es');
    expect(tail).toContain('const lensForImage = (');
    expect(tail).not.toContain('${LENS}');
    const config = JSON.parse(/<script id="dewarp-config" type="application\/json">(.*?)<\/script>/s.exec(head)![1]!);
    expect(config.videoType).toBe('video/mp4');
    expect(head).not.toMatch(/<\/script>[^]*<\/script>[^]*<script id="video-data"/);
  });

  it('names the page after the export', () => {
    expect(dewarpFileName('attachment; filename="Gate 2026-11-25 08-00-00.mov"', 'x')).toBe('Gate 2026-11-25 08-00-00 dewarp.html');
    expect(dewarpFileName(null, 'Gate export')).toBe('Gate export dewarp.html');
  });
});
