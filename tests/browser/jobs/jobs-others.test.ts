import { describeWalks, SLOWEST_WALKS } from './walk-examples.js';

// Every other example, a new one included, beside the slowest ones' file.
describeWalks((example) => !SLOWEST_WALKS.includes(example));
