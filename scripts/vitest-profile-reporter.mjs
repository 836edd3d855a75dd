// A Vitest reporter that writes, for every test file, where its time went (Vitest's own per-file diagnostic:
// environment, prepare, import = collect, setup files, tests) and its slowest imports, to one JSON file that
// `npm run test:profile` reads. Cheap: it only copies numbers Vitest already measured. `npm test` adds it, so a
// CI log can print the profile from the run it just made: `npm run test:profile -- test-profile/vitest-profile.json`.
import fs from 'node:fs';
import path from 'node:path';

const IMPORTS_KEPT = Number(process.env.VITEST_PROFILE_IMPORTS ?? 5);

export default class ProfileReporter {
  constructor(options = {}) {
    this.outputFile =
      options.outputFile ?? process.env.VITEST_PROFILE_FILE ?? 'test-profile/vitest-profile.json';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = Date.now();
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      const imports = Object.entries(d.importDurations ?? {})
        .map(([id, { selfTime, totalTime }]) => ({ id: path.relative(this.root, id), selfTime, totalTime }))
        .sort((a, b) => b.totalTime - a.totalTime)
        .slice(0, IMPORTS_KEPT);
      return {
        file: path.relative(this.root, module.moduleId),
        project: module.project.name,
        state: module.state(),
        tests: tests.length,
        environment: d.environmentSetupDuration,
        prepare: d.prepareDuration,
        import: d.collectDuration,
        setup: d.setupDuration,
        test: d.duration,
        imports,
      };
    });
    const report = {
      startedAt: new Date(this.started).toISOString(),
      wallMs: Date.now() - this.started,
      files,
    };
    fs.mkdirSync(path.dirname(path.resolve(this.root, this.outputFile)), { recursive: true });
    fs.writeFileSync(path.resolve(this.root, this.outputFile), JSON.stringify(report, null, 1));
  }
}
