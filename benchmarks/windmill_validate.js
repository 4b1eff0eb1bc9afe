// The Windmill's own verdict on lines: loads src/keys.js, shape.js, grid.js,
// grouping.js and validate.js of a windmill-client snapshot
// (thefifthmatt/windmill-client) on the Closure Library they were written
// for (npm's google-closure-library, 2018), and answers one JSON line per
// JSON line read:
//   in:  {"width": W, "entity": [{type, color, orientation, shape, count,
//         triangle_count}, ...], "symmetry": S, "lines": [[[i, j], ...], ...]}
//        the puzzle as its stored protobuf holds it (the doubled grid's
//        width, its entities row by row from the top, run-length counts
//        kept, enums as numbers, 0 where the protobuf leaves a field out) and
//        the line's points from its start (i right, j down; with symmetry a
//        second list, the mirror line)
//   out: {"valid": bool, "errors": [[i, j, drawType], ...], "messages": [...]}
//        the places it marks (cells, points and lines as grid.proto's
//        DrawType numbers them)
// Used by benchmarks/windmill_agreement.py:
//   node windmill_validate.js CLOSURE_LIBRARY_DIR WINDMILL_SRC_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const [closure, source] = process.argv.slice(2);
const bootstrap = closure && path.join(closure, "closure", "goog", "bootstrap", "nodejs.js");
if (!bootstrap || !fs.existsSync(bootstrap) || !source || !fs.existsSync(path.join(source, "validate.js"))) {
  process.stderr.write("usage: windmill_validate.js CLOSURE_LIBRARY_DIR WINDMILL_SRC_DIR\n");
  process.exit(2);
}
require(bootstrap);
const write = (text) => process.stdout.write(text + "\n");
for (const level of ["log", "debug", "info", "warn"]) console[level] = () => {};

// windmill.GridProto is built in the browser by protobuf.js from grid.proto;
// the validator needs only its enums and plain messages, so they are made
// here: the enums read from the snapshot's grid.proto, the messages as
// objects with the protobuf's defaults.
function protoEnums(text) {
  const enums = {};
  for (const [, name, body] of text.matchAll(/enum\s+(\w+)\s*\{([^}]*)\}/g)) {
    enums[name] = {};
    for (const [, key, value] of body.matchAll(/(\w+)\s*=\s*(\d+)\s*;/g)) enums[name][key] = Number(value);
  }
  return enums;
}
const enums = protoEnums(fs.readFileSync(path.join(source, "grid.proto"), "utf8"));
let pendingStorage = null; // the next Storage.decode64 result (initialize below)
goog.provide("windmill.GridProto");
windmill.GridProto = Object.assign({}, enums, {
  Entity: function (type, color, orientation) {
    Object.assign(this, entity({ type: type || 0, color: color || 0, orientation: orientation || null }));
  },
  Orientation: function (horizontal, vertical) {
    this.horizontal = horizontal || 0;
    this.vertical = vertical || 0;
  },
  Storage: { decode64: () => pendingStorage },
});
function entity(e) {
  const shape = e.shape ? { width: 0, grid: [], free: false, negative: false, ...e.shape } : null;
  return { type: 0, color: 0, orientation: null, count: 0, triangle_count: 0, ...e, shape };
}
for (const name of ["keys.js", "shape.js", "grid.js", "grouping.js", "validate.js"]) {
  vm.runInThisContext(fs.readFileSync(path.join(source, name), "utf8"), { filename: name });
}

function verdict(request) {
  pendingStorage = {
    width: request.width,
    entity: request.entity.map(entity),
    symmetry: request.symmetry || 0,
  };
  const grid = new windmill.Grid();
  if (!grid.initialize(0, 0, "stored_0")) throw new Error("the Windmill's grid refused the puzzle");
  const [first, second] = request.lines.map((line) => line.map(([i, j]) => ({ i, j })));
  const result = windmill.validate.getErrors(grid, first, second);
  const errors = result.errors.map((e) => [e.coord.i, e.coord.j, e.drawType]);
  return { valid: errors.length === 0, errors, messages: result.messages };
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (text) => {
  try {
    write(JSON.stringify(verdict(JSON.parse(text))));
  } catch (error) {
    write(JSON.stringify({ error: String(error && error.stack ? error.stack.split("\n")[0] : error) }));
  }
});
