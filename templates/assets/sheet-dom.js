// Tiny DOM helpers for the scoresheet. Text always goes in as text nodes (never innerHTML), and
// nothing here writes a style attribute, so the page's CSP (style-src 'self') holds.
const SVG_NS = 'http://www.w3.org/2000/svg';

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') element.setAttribute('class', value);
    else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'dataset') for (const name of Object.keys(value)) element.dataset[name] = value[name];
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) build(element, null, child);
    else element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** An HTML element: h('td', {class: 'x', dataset: {round: 1}}, 'text', child). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, built the same way. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Sets an element's text, only when it changed: a write lays its line out again, even the same text. */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Makes parent's children exactly nodes, leaving in place those already there (no relayout). */
export function keepChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (const child of Array.from(parent.children)) if (!wanted.has(child)) child.remove();
  nodes.forEach((node, i) => {
    if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
  });
}

/** The data-* test hooks of an input or a derived cell (round 1-based, player 0-based). */
export function hook(round, player, field) {
  const out = { field };
  if (round !== null && round !== undefined) out.round = String(round);
  if (player !== null && player !== undefined) out.player = String(player);
  return out;
}

let counter = 0;
/** A unique id for label/aria wiring. */
export function uid(prefix) {
  counter += 1;
  return `giv-${prefix}-${counter}`;
}
