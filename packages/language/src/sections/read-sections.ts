import { closestMatch, type Section, SECTION_DEFINITIONS } from '@specrun/model';
import type { RootContent } from 'mdast';
import type { At, DiagnosticBag } from '../diagnostics/diagnostic-bag.js';
import { startOf, textOf } from '../markdown/parse-markdown.js';
import type { SectionBlock } from '../markdown/split-document.js';
import { unspecifiedStatement } from './unspecified.js';

type Definition = (typeof SECTION_DEFINITIONS)[number];

/** A section found in the document, with the nodes of its body for the section readers. */
export interface ReadSection {
  section: Section;
  body: RootContent[];
}

const normalise = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const byTitle = new Map(SECTION_DEFINITIONS.map((d) => [normalise(d.title), d]));
const titles = SECTION_DEFINITIONS.map((d) => normalise(d.title));

/** Splits `3. Entities and their fields` into its number and title. */
function splitHeading(text: string): { number?: number; title: string } {
  const match = /^(\d+)\s*[.):-]?\s+(.*)$/.exec(text);
  return match ? { number: Number(match[1]), title: match[2]! } : { title: text };
}

/** Which of the nine sections a heading names, by its title first and else by its number. */
function recognise(
  heading: { number?: number; title: string },
  block: SectionBlock,
  bag: DiagnosticBag,
): Definition | undefined {
  const at = startOf(block.heading);
  const exact = byTitle.get(normalise(heading.title));
  const near = exact ?? byTitle.get(closestMatch(normalise(heading.title), titles) ?? '');
  const numbered = SECTION_DEFINITIONS.find((d) => d.number === heading.number);
  const definition = near ?? numbered;
  if (!definition) {
    bag.error(
      'unknown-section',
      at,
      `\`${heading.title}\` is not one of the nine sections.`,
      'Sections are: ' + SECTION_DEFINITIONS.map((d) => `${d.number}. ${d.title}`).join('; '),
    );
    return undefined;
  }
  const expected = `${definition.number}. ${definition.title}`;
  if (heading.number === undefined) {
    bag.warning(
      'unnumbered-section',
      at,
      `Section "${definition.title}" has no number.`,
      `write \`## ${expected}\``,
    );
  } else if (heading.number !== definition.number) {
    bag.error(
      'misnumbered-section',
      at,
      `"${definition.title}" is section ${definition.number}, not ${heading.number}.`,
      `write \`## ${expected}\``,
    );
  } else if (!exact) {
    bag.warning(
      'section-title-differs',
      at,
      `Section ${definition.number} is titled "${heading.title}".`,
      `did you mean \`${expected}\`?`,
    );
  }
  return definition;
}

/** Recognises the nine sections, reporting duplicates, order, and missing or unknown ones. */
export function readSections(
  blocks: readonly SectionBlock[],
  documentEnd: At,
  bag: DiagnosticBag,
): ReadSection[] {
  const found = new Map<number, ReadSection>();
  let lastNumber = 0;
  for (const block of blocks) {
    const heading = splitHeading(textOf(block.heading));
    const definition = recognise(heading, block, bag);
    if (!definition) continue;
    const at = startOf(block.heading);
    const earlier = found.get(definition.number);
    if (earlier) {
      bag.error(
        'duplicate-section',
        at,
        `Section ${definition.number}, "${definition.title}", appears twice; the first is at line ${earlier.section.line}.`,
        'merge the two into one section',
      );
      continue;
    }
    if (definition.number < lastNumber) {
      bag.error(
        'section-out-of-order',
        at,
        `Section ${definition.number}, "${definition.title}", comes after section ${lastNumber}.`,
        `move it before section ${lastNumber}; the nine sections go in order 1 to 9`,
      );
    }
    lastNumber = Math.max(lastNumber, definition.number);
    found.set(definition.number, {
      section: toSection(definition, heading.title, block, bag),
      body: block.body,
    });
  }
  return SECTION_DEFINITIONS.map(
    (definition) => found.get(definition.number) ?? missing(definition, blocks, documentEnd, bag),
  );
}

function toSection(
  definition: Definition,
  heading: string,
  block: SectionBlock,
  bag: DiagnosticBag,
): Section {
  const at = startOf(block.heading);
  const statement = unspecifiedStatement(block.body);
  const base = {
    number: definition.number,
    key: definition.key,
    title: definition.title,
    heading,
    line: at.line,
  };
  if (statement !== undefined) {
    bag.note(
      'unspecified-section',
      at,
      `Section ${definition.number}, "${definition.title}", is not specified; the defaults apply.`,
    );
    return { ...base, status: 'unspecified', statement, description: '' };
  }
  if (block.body.length === 0) {
    bag.warning(
      'empty-section',
      at,
      `Section ${definition.number}, "${definition.title}", is empty; the defaults apply.`,
      'write its content, or a sentence saying it is not specified',
    );
    return { ...base, status: 'unspecified', description: '' };
  }
  const prose = block.body.filter((node) => node.type === 'paragraph').map(textOf);
  return { ...base, status: 'specified', description: prose.join('\n\n') };
}

function missing(
  definition: Definition,
  blocks: readonly SectionBlock[],
  documentEnd: At,
  bag: DiagnosticBag,
): ReadSection {
  const next = blocks.find((b) => {
    const n = splitHeading(textOf(b.heading)).number;
    return n !== undefined && n > definition.number;
  });
  const at = next ? startOf(next.heading) : documentEnd;
  bag.warning(
    'missing-section',
    at,
    `Section ${definition.number}, "${definition.title}", is missing; it is treated as not specified.`,
    `add \`## ${definition.number}. ${definition.title}\`${next ? ' before this heading' : ''}`,
  );
  return {
    section: {
      number: definition.number,
      key: definition.key,
      title: definition.title,
      status: 'missing',
      description: '',
    },
    body: [],
  };
}
