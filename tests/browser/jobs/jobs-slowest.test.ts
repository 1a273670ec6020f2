import { describeWalks, SLOWEST_WALKS } from './walk-examples.js';

// The examples whose walks take longest (about half the walking time), beside the others' file.
describeWalks((example) => SLOWEST_WALKS.includes(example));
