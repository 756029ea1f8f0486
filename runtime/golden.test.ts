/** The golden flows (runtime/testing/golden-suite.ts) on the test Redis. */
import { goldenSuite } from './testing/golden-suite.ts';

goldenSuite();
