export {
  dateIn,
  instantToWallTime,
  knownTimeZone,
  startOfDate,
  wallTimeToInstant,
  zoneOffset,
} from './zone-dates.js';
