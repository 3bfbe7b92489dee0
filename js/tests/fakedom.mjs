// A tiny DOM for node --test: just what js/shared.js and the board modules use
// (elements, text, attributes, events, focus, and querySelector with tag, .class,
// [attr], [attr="v"] and descendant selectors). No npm dependencies.
// Also fixtureTest: a test of real synced states written by Python.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

class Node {
  constructor() {
    this.parentNode = null;
    this.childNodes = [];
  }
  get textContent() {
    return this.childNodes.map((c) => c.textContent).join("");
  }
  set textContent(v) {
    this.childNodes = [];
    if (v !== "" && v !== null && v !== undefined) this.appendChild(new Text(String(v)));
  }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  removeChild(child) {
    const i = this.childNodes.indexOf(child);
    if (i >= 0) this.childNodes.splice(i, 1);
    child.parentNode = null;
    return child;
  }
  append(...nodes) {
    for (const n of nodes) this.appendChild(typeof n === "object" ? n : new Text(String(n)));
  }
  replaceChildren(...nodes) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    this.append(...nodes);
  }
  remove() {
    if (this.parentNode) this.parentNode.removeChild(this);
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
}

class Text extends Node {
  constructor(text) {
    super();
    this.data = text;
  }
  get textContent() {
    return this.data;
  }
  set textContent(v) {
    this.data = String(v);
  }
}

class Style {
  constructor() {
    this.props = {};
  }
  setProperty(k, v) {
    this.props[k] = v;
  }
  getPropertyValue(k) {
    return this.props[k] ?? "";
  }
}

class Element extends Node {
  constructor(tag, doc) {
    super();
    this.tagName = tag.toUpperCase();
    this.ownerDocument = doc;
    this.attributes = {};
    this.listeners = {};
    this.style = new Style();
    this.disabled = false;
    this.scrollTop = 0;
    this.scrollHeight = 0;
    if (this.tagName === "SELECT" || this.tagName === "INPUT" || this.tagName === "OPTION") this._value = "";
  }
  get children() {
    return this.childNodes.filter((c) => c instanceof Element);
  }
  get className() {
    return this.attributes.class || "";
  }
  set className(v) {
    this.attributes.class = String(v);
  }
  get classList() {
    const el = this;
    const list = () => el.className.split(/\s+/).filter(Boolean);
    return {
      contains: (c) => list().includes(c),
      add: (c) => { if (!list().includes(c)) el.className = [...list(), c].join(" "); },
      remove: (c) => { el.className = list().filter((x) => x !== c).join(" "); },
    };
  }
  get hidden() {
    return "hidden" in this.attributes;
  }
  set hidden(v) {
    if (v) this.attributes.hidden = "";
    else delete this.attributes.hidden;
  }
  get value() {
    if (this.tagName === "SELECT") return this._value;
    return this._value ?? this.attributes.value ?? "";
  }
  set value(v) {
    this._value = String(v);
  }
  setAttribute(k, v) {
    this.attributes[k] = String(v);
  }
  getAttribute(k) {
    return k in this.attributes ? this.attributes[k] : null;
  }
  hasAttribute(k) {
    return k in this.attributes;
  }
  removeAttribute(k) {
    delete this.attributes[k];
  }
  addEventListener(type, fn) {
    (this.listeners[type] ||= []).push(fn);
  }
  removeEventListener(type, fn) {
    this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn);
  }
  dispatchEvent(event) {
    event.target ||= this;
    let stop = false;
    event.stopPropagation = () => { stop = true; };
    event.preventDefault = () => { event.defaultPrevented = true; };
    for (let n = this; n && !stop; n = n.parentNode) {
      for (const fn of (n.listeners && n.listeners[event.type]) || []) fn.call(n, event);
    }
    return !event.defaultPrevented;
  }
  click() {
    if (this.disabled) return;
    this.dispatchEvent({ type: "click" });
  }
  focus() {
    this.ownerDocument.activeElement = this;
  }
  keydown(key) {
    this.dispatchEvent({ type: "keydown", key });
  }
  matches(selector) {
    return selector.split(",").some((s) => matchChain(this, s.trim().split(/\s+(?![^[]*\])/)));
  }
  closest(selector) {
    for (let n = this; n instanceof Element; n = n.parentNode) if (n.matches(selector)) return n;
    return null;
  }
  querySelectorAll(selector) {
    const out = [];
    const walk = (n) => {
      for (const c of n.children) {
        if (c.matches(selector)) out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
}

function matchCompound(el, compound) {
  const re = /([a-zA-Z][\w-]*)|\.([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]|:not\(([^)]*)\)/g;
  let m;
  let consumed = 0;
  while ((m = re.exec(compound))) {
    consumed += m[0].length;
    if (m[1] && el.tagName !== m[1].toUpperCase()) return false;
    if (m[2] && !el.classList.contains(m[2])) return false;
    if (m[3]) {
      if (!el.hasAttribute(m[3])) return false;
      if (m[4] !== undefined && el.getAttribute(m[3]) !== m[4]) return false;
    }
    if (m[5] && matchCompound(el, m[5])) return false;
  }
  if (consumed !== compound.length) throw new Error(`fakedom: unsupported selector ${compound}`);
  return true;
}

function matchChain(el, parts) {
  if (!matchCompound(el, parts[parts.length - 1])) return false;
  if (parts.length === 1) return true;
  const rest = parts.slice(0, -1);
  for (let n = el.parentNode; n instanceof Element; n = n.parentNode) {
    if (matchChain(n, rest)) return true;
  }
  return false;
}

export class Document {
  constructor() {
    this.activeElement = null;
    this.body = new Element("body", this);
  }
  createElement(tag) {
    return new Element(tag, this);
  }
  createTextNode(text) {
    return new Text(text);
  }
}

/** Install a fresh document as globalThis.document; returns it. */
export function installDom() {
  const doc = new Document();
  globalThis.document = doc;
  return doc;
}

/** A stand-in for the anywidget model: get/on/off/send, plus set() to simulate a
 * sync from Python (fires change:<name> like Backbone). */
export class FakeModel {
  constructor(state) {
    this.state = { ...state };
    this.handlers = {};
    this.sent = [];
  }
  get(k) {
    return this.state[k];
  }
  on(ev, fn) {
    (this.handlers[ev] ||= []).push(fn);
  }
  off(ev, fn) {
    this.handlers[ev] = (this.handlers[ev] || []).filter((f) => f !== fn);
  }
  send(msg) {
    this.sent.push(msg);
  }
  set(changes) {
    Object.assign(this.state, changes);
    for (const k of Object.keys(changes)) for (const fn of this.handlers[`change:${k}`] || []) fn();
    for (const fn of this.handlers.change || []) fn();
  }
}

/** Wait for the shell's batched redraw (a microtask). */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/** Draw one synced state (the widget's traits, as Python sends them) with a board
 * through the shell, as the browser does: returns {doc, model, el} once drawn. */
export async function renderSynced(createWidget, board, state) {
  const doc = installDom();
  const model = new FakeModel(state);
  const el = doc.createElement("div");
  createWidget(board).render({ model, el });
  await flush();
  return { doc, model, el };
}

/** A test over data Python writes: tests/test_js.py sets NBGAMES_JS_FIXTURES to a
 * folder holding spaces.json (every title's action layout) and <title>.json (the
 * synced states of whole games, ``[{state, labels}]``). The test is always
 * registered: without the file it is skipped (node --test by hand), and with
 * CI=true it fails, so that it can never silently vanish. */
export function fixtureTest(name, file, fn) {
  const folder = process.env.NBGAMES_JS_FIXTURES;
  const path = folder ? join(folder, file) : null;
  const found = path !== null && existsSync(path);
  if (!found && process.env.CI === "true") {
    test(name, () => assert.fail(`no fixture ${file} in NBGAMES_JS_FIXTURES=${folder}: run the JS `
      + "tests through pytest (tests/test_js.py writes the fixtures)"));
    return;
  }
  test(name, { skip: !found && "set NBGAMES_JS_FIXTURES (tests/test_js.py does)" },
    () => fn(JSON.parse(readFileSync(path, "utf8"))));
}
