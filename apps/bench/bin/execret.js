#!/usr/bin/env node
import('../dist/cli.js')
  .then((m) => m.main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
