#!/usr/bin/env -S node --max-semi-space-size=64
// A young generation of 64 MB (docs/decisions.md, "A larger young generation"): requests that
// wait on the database no longer have their objects promoted by the next scavenge.
import '../dist/main.js';
