import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait up to 5 s, not 1: `npm test` runs the unit tests beside the type check and the build
// on two cores, where a screen's lazily loaded part (a period picker, a view) can take longer than a second to
// arrive. A test still fails at once on a wrong answer; only the wait for a right one is longer.
configure({ asyncUtilTimeout: 5000 });
