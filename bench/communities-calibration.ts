// `npm run bench -- communities-calibration`: the success score's calibration simulation
// (docs/communities-scoring.md#calibration), the same run as success-score.test.ts asserts.
import {
  runCalibration,
  simulationParameters,
} from '../apps/api/src/modules/communities/calibration-simulation.js';

const result = runCalibration();
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
console.log('Parameters:', JSON.stringify(simulationParameters));
console.log(
  `Posts: ${result.posts}, ${result.scored} reached the community and were scored (send failures ignored: ${result.sendFailuresIgnored})`,
);
console.log(`Brier, policy-only prior: ${result.brierPolicy.toFixed(4)}`);
console.log(`Brier, full model:        ${result.brierModel.toFixed(4)}`);
console.log(`Brier, knowing the truth: ${result.brierTruth.toFixed(4)}`);
console.log(`Improvement over policy-only: ${percent(result.improvement)} (target ≥ 30%)`);
console.log(`80% interval coverage of the true rate: ${percent(result.coverage)} (target 75–85%)`);
console.log(`Mean interval width: ${percent(result.meanWidth)}`);
if (result.improvement < 0.3 || result.coverage < 0.75 || result.coverage > 0.85) process.exitCode = 1;
