/** The nine sections of a specification, in the order the language fixes. */
export const SECTION_DEFINITIONS = [
  { number: 1, key: 'product', title: 'What the product does and for whom' },
  { number: 2, key: 'screens', title: 'Screens and routes' },
  { number: 3, key: 'entities', title: 'Entities and their fields' },
  { number: 4, key: 'lifecycles', title: 'States and transitions' },
  { number: 5, key: 'validation', title: 'Validation rules' },
  { number: 6, key: 'permissions', title: 'Roles and permissions' },
  { number: 7, key: 'calls', title: 'The calls it makes' },
  { number: 8, key: 'errors', title: 'The error catalogue' },
  { number: 9, key: 'constants', title: 'Business constants and limits' },
] as const;

export type SectionKey = (typeof SECTION_DEFINITIONS)[number]['key'];
export type SectionNumber = (typeof SECTION_DEFINITIONS)[number]['number'];

/**
 * How a section stands in the document: `specified` has content, `unspecified` says only
 * that the matter is not shown, `missing` has no heading at all (treated as unspecified).
 */
export type SectionStatus = 'specified' | 'unspecified' | 'missing';

/** One of the nine sections as read from the document. */
export interface Section {
  number: SectionNumber;
  key: SectionKey;
  /** The canonical title from the language. */
  title: string;
  /** The heading as written, without its number; absent when the section is missing. */
  heading?: string;
  status: SectionStatus;
  /** For an unspecified section: its own sentence saying what is not shown. */
  statement?: string;
  /** Prose of the section kept as description (paragraphs outside tables and lists). */
  description: string;
  /** 1-based line of the heading; absent when missing. */
  line?: number;
}
