import { describe, expect, it } from 'vitest';
import { attr, escapeXml, parseXml, path, text, XmlError } from '../../../../server/protocols/xml-reader';

describe('parseXml', () => {
  it('resolves namespaces, attributes and text', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- c --><s:Envelope xmlns:s="urn:soap" xmlns="urn:default"><s:Body><Op a="1" x:b='2' xmlns:x="urn:x">` +
        `hi &amp; &lt;bye&gt; &#65;&#x42;<![CDATA[<raw>]]></Op><Empty/></s:Body></s:Envelope>`,
    );
    expect(root).toMatchObject({ local: 'Envelope', ns: 'urn:soap' });
    const op = path(root, 'Body', 'Op')!;
    expect(op.ns).toBe('urn:default');
    expect(attr(op, 'a')).toBe('1');
    expect(attr(op, 'b')).toBe('2');
    expect(op.text).toBe('hi & <bye> AB<raw>');
    expect(text(root, 'Body', 'Empty')).toBe('');
    expect(text(root, 'Body', 'Missing')).toBeUndefined();
  });

  it('refuses DOCTYPE (no entity expansion, no external entities)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    expect(() => parseXml(xxe)).toThrow(XmlError);
    expect(() => parseXml('<r>&x;</r>')).toThrow(XmlError);
  });

  it('enforces size, depth and well-formedness', () => {
    expect(() => parseXml(`<r>${'x'.repeat(100)}</r>`, { maxBytes: 50 })).toThrow(XmlError);
    expect(() => parseXml('<a>'.repeat(10) + '</a>'.repeat(10), { maxDepth: 5 })).toThrow(XmlError);
    expect(() => parseXml('<a><b></a></b>')).toThrow(XmlError);
    expect(() => parseXml('<a>')).toThrow(XmlError);
    expect(() => parseXml('<a/><b/>')).toThrow(XmlError);
    expect(() => parseXml('<p:a/>')).toThrow(XmlError);
    expect(() => parseXml('<a b=c/>')).toThrow(XmlError);
  });

  it('escapes text for output', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});
