import type { DiagnosticBag } from './diagnostics/diagnostic-bag.js';
import type { Locations } from './diagnostics/locations.js';

/** What every section reader and checker shares: the text, the diagnostics, the positions. */
export interface ReadContext {
  source: string;
  bag: DiagnosticBag;
  where: Locations;
}
