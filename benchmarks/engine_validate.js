// The community engine's own verdict on lines: loads engine/polyominos.js,
// engine/puzzle.js and engine/validate.js of a witnesspuzzles.com snapshot
// (jbzdarkid/jbzdarkid.github.io) and answers one JSON line per JSON line read:
//   in:  {"puzzle": <the engine's puzzle object>, "lines": [[[x, y], ...], ...]}
//        every place (the engine's doubled grid) each line covers, one list
//        per line; with symmetry the first line is blue, the second yellow
//   out: {"valid": bool, "invalid": [[x, y], ...]}
// or, with engine/solve.js, every solution the engine's own solver finds
// (it stops at 10,000 solutions):
//   in:  {"puzzle": <the engine's puzzle object>, "count": true, "paths": bool,
//         "first": bool}
//   out: {"count": n, "cpu": seconds, "paths": [[[x, y], ...], ...]} (with
//        "paths": each solution's places from its start, in order; with
//        "first" the solver stops at its first solution)
// or every test of the engine's own test suite (pages/test.js of
// jbzdarkid/witness-puzzles, fetched): each test's puzzle as Puzzle.serialize
// writes it, and the count of solutions the test expects:
//   in:  {"suite": "<path of test.js>"}
//   out: {"tests": [{"name": s, "puzzle": {...}, "expected": n}
//                   or {"name": s, "error": "..."}, ...]}
// Used by benchmarks/engine_agreement.py:  node engine_validate.js ENGINE_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const engine = process.argv[2];
if (!engine || !fs.existsSync(path.join(engine, "solve.js"))) {
  process.stderr.write(`engine_validate.js: no validate.js and solve.js in ${engine}\n`);
  process.exit(2);
}
// The engine's files are browser scripts: they write to window and wrap
// themselves in namespace(); the constants they read come from utilities.js,
// which also touches the page, so they are set here instead.
globalThis.window = globalThis;
globalThis.namespace = (code) => code();
Object.assign(globalThis, {
  LINE_NONE: 0, LINE_BLACK: 1, LINE_BLUE: 2, LINE_YELLOW: 3,
  DOT_NONE: 0, DOT_BLACK: 1, DOT_BLUE: 2, DOT_YELLOW: 3, DOT_INVISIBLE: 4,
  GAP_NONE: 0, GAP_BREAK: 1, GAP_FULL: 2,
});
const write = (text) => process.stdout.write(text + "\n");
// the engine logs every step to the console; stdout carries the answers only
for (const level of ["log", "debug", "info", "warn", "spam", "group", "groupEnd"]) console[level] = () => {};
for (const name of ["polyominos.js", "puzzle.js", "validate.js", "solve.js"]) {
  vm.runInThisContext(fs.readFileSync(path.join(engine, name), "utf8"), { filename: name });
}

// A solution as solve() gives it: its start, then one step a place (1 left,
// 2 right, 3 up, 4 down; 0 closes it).
const STEPS = { 1: [-1, 0], 2: [1, 0], 3: [0, -1], 4: [0, 1] };
function placesOf(solution) {
  let { x, y } = solution[0];
  const places = [[x, y]];
  for (const step of solution.slice(1)) {
    if (!STEPS[step]) continue;
    x += STEPS[step][0];
    y += STEPS[step][1];
    places.push([x, y]);
  }
  return places;
}

// The suite's tests build their puzzles with the engine's Puzzle; test.js is a
// browser script too (sloppy mode: some tests assign undeclared globals).
function suite(file) {
  vm.runInThisContext(fs.readFileSync(file, "utf8"), { filename: "test.js" });
  return Object.keys(globalThis.tests).map((name) => {
    try {
      const [puzzle, expected] = globalThis.tests[name]();
      puzzle.name = name;
      return { name, puzzle: JSON.parse(puzzle.serialize()), expected };
    } catch (e) {
      return { name, error: String(e) };
    }
  });
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (text) => {
  const request = JSON.parse(text);
  if (request.suite) {
    write(JSON.stringify({ tests: suite(request.suite) }));
    return;
  }
  const puzzle = Puzzle.deserialize(JSON.stringify(request.puzzle));
  if (request.count) {
    // 0: solve() takes its default cap; with "first", the first solution ends it
    window.MAX_SOLUTIONS = request.first ? 1 : 0;
    const before = process.cpuUsage();
    // past 5x5 the solver goes on in the background: answer when it is done
    solve(puzzle, null, (found) => {
      const used = process.cpuUsage(before);
      const answer = { count: found.length, cpu: (used.user + used.system) / 1e6 };
      if (request.paths) answer.paths = found.map(placesOf);
      write(JSON.stringify(answer));
    });
    return;
  }
  const colours = request.lines.length > 1 ? [LINE_BLUE, LINE_YELLOW] : [LINE_BLACK];
  request.lines.forEach((places, i) => {
    for (const [x, y] of places) puzzle.grid[x][y].line = colours[i];
  });
  // the first line's start and end point (a start or an end on a segment
  // leaves the regions beside it joined: switchToMaskedGrid)
  const first = request.lines[0];
  if (first && first.length) {
    puzzle.startPoint = { x: first[0][0], y: first[0][1] };
    puzzle.endPoint = { x: first[first.length - 1][0], y: first[first.length - 1][1] };
  }
  const data = validate(puzzle, false);
  write(JSON.stringify({
    valid: data.invalidElements.length === 0,
    invalid: data.invalidElements.map((e) => [e.x, e.y]),
  }));
});
