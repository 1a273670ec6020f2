// The expr package's helper for the SQL text of a condition without a database.
export { sqlText } from '../../../../expr/src/sql/test-mapping.js';
