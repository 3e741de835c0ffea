/**
 * A small, safe XML reader for SOAP messages (ONVIF requests, WS-Discovery):
 * elements, attributes, text, namespaces (prefix resolved to URI), CDATA,
 * comments and processing instructions skipped.
 *
 * Safe by construction: DOCTYPE (and with it any entity declaration, so XXE
 * and entity expansion bombs) is refused; only the five predefined entities
 * and numeric character references are decoded; input size, depth and
 * element count are limited. Pure; one pass, no regex backtracking on input.
 *
 * Limits: not validating; no DTD defaults; whitespace-only text is kept as
 * is (use `text()` which trims); attribute order is preserved in `attrs`.
 */

export interface XmlElement {
  /** Qualified name as written, e.g. `s:Envelope`. */
  name: string;
  /** Local name, e.g. `Envelope`. */
  local: string;
  /** Namespace URI ('' when none). */
  ns: string;
  /** Attributes by qualified name (namespace declarations included). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside this element. */
  text: string;
}

export interface XmlLimits {
  maxBytes?: number;
  maxDepth?: number;
  maxElements?: number;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{1,10});/g, (_whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return codePoint(parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new XmlError(`unknown entity &${name};`);
    return value;
  });
}

function codePoint(value: number): string {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff) throw new XmlError('bad character reference');
  return String.fromCodePoint(value);
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

export function parseXml(input: string, limits: XmlLimits = {}): XmlElement {
  const maxBytes = limits.maxBytes ?? 256 * 1024;
  const maxDepth = limits.maxDepth ?? 64;
  const maxElements = limits.maxElements ?? 20_000;
  if (input.length > maxBytes) throw new XmlError('document too large');

  const stack: Array<{ element: XmlElement; scope: Map<string, string> }> = [];
  let root: XmlElement | undefined;
  let count = 0;
  let i = 0;

  const resolve = (qualified: string, scope: Map<string, string>, isAttribute: boolean): string => {
    const colon = qualified.indexOf(':');
    if (colon < 0) return isAttribute ? '' : (scope.get('') ?? '');
    const prefix = qualified.slice(0, colon);
    if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
    const uri = scope.get(prefix);
    if (uri === undefined) throw new XmlError(`undeclared prefix ${prefix}`);
    return uri;
  };

  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt < 0 ? input.length : lt;
    if (textEnd > i) {
      const text = input.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.element.text += decodeEntities(text);
      else if (text.trim()) throw new XmlError('text outside the root element');
    }
    if (lt < 0) break;
    i = lt;

    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (input.startsWith('<![CDATA[', i)) {
      const end = input.indexOf(']]>', i + 9);
      if (end < 0) throw new XmlError('unterminated CDATA');
      const top = stack[stack.length - 1];
      if (!top) throw new XmlError('CDATA outside the root element');
      top.element.text += input.slice(i + 9, end);
      i = end + 3;
    } else if (input.startsWith('<!', i)) {
      throw new XmlError('DOCTYPE and declarations are not accepted');
    } else if (input.startsWith('<?', i)) {
      const end = input.indexOf('?>', i + 2);
      if (end < 0) throw new XmlError('unterminated processing instruction');
      i = end + 2;
    } else if (input.startsWith('</', i)) {
      const end = input.indexOf('>', i);
      if (end < 0) throw new XmlError('unterminated end tag');
      const name = input.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top || top.element.name !== name) throw new XmlError(`mismatched end tag </${name}>`);
      i = end + 1;
    } else {
      // Start tag: name, attributes, optional self-closing slash.
      let j = i + 1;
      while (j < input.length && !/[\s/>]/.test(input[j]!)) j++;
      const name = input.slice(i + 1, j);
      if (!NAME.test(name)) throw new XmlError(`bad element name ${name.slice(0, 40)}`);
      const attrs: Record<string, string> = {};
      let selfClosing = false;
      for (;;) {
        while (j < input.length && /\s/.test(input[j]!)) j++;
        if (j >= input.length) throw new XmlError('unterminated start tag');
        if (input[j] === '>') {
          j++;
          break;
        }
        if (input.startsWith('/>', j)) {
          selfClosing = true;
          j += 2;
          break;
        }
        const eq = input.indexOf('=', j);
        if (eq < 0) throw new XmlError('attribute without value');
        const attrName = input.slice(j, eq).trim();
        if (!NAME.test(attrName)) throw new XmlError('bad attribute name');
        let k = eq + 1;
        while (k < input.length && /\s/.test(input[k]!)) k++;
        const quote = input[k];
        if (quote !== '"' && quote !== "'") throw new XmlError('unquoted attribute value');
        const close = input.indexOf(quote, k + 1);
        if (close < 0) throw new XmlError('unterminated attribute value');
        const rawValue = input.slice(k + 1, close);
        if (rawValue.includes('<')) throw new XmlError('< in attribute value');
        attrs[attrName] = decodeEntities(rawValue);
        j = close + 1;
      }
      if (++count > maxElements) throw new XmlError('too many elements');
      if (stack.length >= maxDepth) throw new XmlError('document too deep');
      const parentScope = stack[stack.length - 1]?.scope ?? new Map<string, string>();
      let scope = parentScope;
      for (const [attrName, value] of Object.entries(attrs)) {
        if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          scope.set(attrName === 'xmlns' ? '' : attrName.slice(6), value);
        }
      }
      const colon = name.indexOf(':');
      const element: XmlElement = {
        name,
        local: colon < 0 ? name : name.slice(colon + 1),
        ns: resolve(name, scope, false),
        attrs,
        children: [],
        text: '',
      };
      const parent = stack[stack.length - 1];
      if (parent) parent.element.children.push(element);
      else if (root) throw new XmlError('more than one root element');
      else root = element;
      if (!selfClosing) stack.push({ element, scope });
      i = j;
    }
  }
  if (stack.length > 0) throw new XmlError(`unclosed element <${stack[stack.length - 1]!.element.name}>`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** First child with this local name (any namespace). */
export function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element?.children.find((c) => c.local === local);
}

export function childrenNamed(element: XmlElement | undefined, local: string): XmlElement[] {
  return element?.children.filter((c) => c.local === local) ?? [];
}

/** Follows a path of local names: path(env, 'Body', 'GetProfiles'). */
export function path(element: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
  let current = element;
  for (const local of locals) current = child(current, local);
  return current;
}

/** Trimmed text of the element at the path, or undefined. */
export function text(element: XmlElement | undefined, ...locals: string[]): string | undefined {
  const target = path(element, ...locals);
  return target ? target.text.trim() : undefined;
}

/** Attribute by local name (ignoring its prefix). */
export function attr(element: XmlElement | undefined, local: string): string | undefined {
  if (!element) return undefined;
  for (const [name, value] of Object.entries(element.attrs)) {
    const colon = name.indexOf(':');
    if ((colon < 0 ? name : name.slice(colon + 1)) === local && !name.startsWith('xmlns')) return value;
  }
  return undefined;
}

/** Escapes text for element content and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);
}
