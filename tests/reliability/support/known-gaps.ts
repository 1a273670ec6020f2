// Bugs this suite found outside its own folders, written up in /tmp/notes/bugs-bench.md (and in the
// lead's closing note). Each is left out of the checks by name, here and only here:
// delete an entry once its bug is fixed, and the suite checks that case again.

/**
 * An If-Match header that is present but empty (or only spaces) is taken as no If-Match: the
 * write goes ahead (last write wins) instead of 400, though docs/api.md says a condition that is
 * not a tag is never dropped.
 */
export const emptyIfMatchIgnored = true;

/** `[]` sent for a (nullable) reference field is saved as an empty reference, not refused. */
export const emptyArrayClearsReference = true;
