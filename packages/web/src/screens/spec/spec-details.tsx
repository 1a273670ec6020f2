import { Code, Stack, Text, Title } from '@mantine/core';
import type { AppModel, Operation, SectionKey } from '@specrun/model';
import type { ReactNode } from 'react';
import { formatConstant } from '@specrun/model';
import { allowanceText, ruleText, selectionText, shapeText, typeText } from './describe-model.js';
import { SpecTable } from './spec-table.js';

const code = (text: string) => (text ? <Code>{text}</Code> : '');

const operationText = (op: Operation) =>
  op.kind === 'transition'
    ? `transition ${op.entity}.${op.action}`
    : 'entity' in op
      ? `${op.kind} ${op.entity}`
      : op.kind;

/** The content of one specified section, rendered as the tables the document writes. */
function sectionContent(model: AppModel, key: SectionKey): ReactNode {
  switch (key) {
    case 'screens':
      return (
        <SpecTable
          caption="Screens and routes"
          head={['Route', 'Screen', 'Kind', 'Entity', 'Who']}
          rows={model.screens.map((s) => [
            code(s.route),
            s.name,
            s.kind,
            s.entity ?? '',
            s.who.join(', '),
          ])}
        />
      );
    case 'entities':
      return model.entities
        .filter((e) => !e.builtin || e.fields.some((f) => !f.builtin))
        .map((e) => (
          <Stack key={e.name} gap="xs">
            {e.description && <Text size="sm">{e.description}</Text>}
            <SpecTable
              caption={e.name}
              head={['Field', 'Type', 'Required', 'Rules']}
              rows={e.fields
                .filter((f) => !f.builtin)
                .map((f) => [
                  f.name,
                  typeText(f.type),
                  f.required ? 'yes' : 'no',
                  f.rules.map(ruleText).join(', '),
                ])}
            />
          </Stack>
        ));
    case 'lifecycles':
      return model.lifecycles.map((l) => (
        <Stack key={l.entity} gap="xs">
          <Text size="sm">
            {l.entity}: states {l.states.join(', ')}; starts {l.initial}.
          </Text>
          <SpecTable
            caption={`${l.entity} transitions`}
            head={['From', 'Action', 'To', 'Who', 'When']}
            rows={l.transitions.map((t) => [
              t.from.join(', '),
              t.action,
              t.to,
              t.who.join(', '),
              code(t.when?.source ?? ''),
            ])}
          />
        </Stack>
      ));
    case 'validation':
      return (
        <SpecTable
          caption="Validation rules"
          head={['Entity', 'Rule', 'Error', 'On']}
          rows={model.rules.map((r) => [r.entity, code(r.rule.source), r.error, r.on.join(', ')])}
        />
      );
    case 'permissions':
      return (
        <>
          <SpecTable
            caption="Roles"
            head={['Role', 'Description', 'Sign-up']}
            rows={model.roles.map((r) => [r.name, r.description, r.signUp])}
          />
          <SpecTable
            caption="Permissions"
            head={['Role', 'Entity', 'Actions', 'Allowed', 'Fields']}
            rows={model.permissions.map((p) => [
              p.role,
              p.entity,
              p.actions.join(', '),
              p.allowed.kind === 'when' ? code(allowanceText(p.allowed)) : allowanceText(p.allowed),
              selectionText(p.fields),
            ])}
          />
        </>
      );
    case 'calls':
      return (
        <SpecTable
          caption="Calls"
          head={['Method', 'Path', 'Operation', 'Payload', 'Response']}
          rows={model.calls.map((c) => [
            c.method,
            code(c.path),
            operationText(c.operation),
            code(shapeText(c.payload)),
            code(shapeText(c.response)),
          ])}
        />
      );
    case 'errors':
      return (
        <SpecTable
          caption="Error catalogue"
          head={['Code', 'Status', 'Message']}
          rows={model.catalogue
            .filter((c) => c.line !== undefined)
            .map((c) => [c.code, String(c.status), c.message])}
        />
      );
    case 'constants':
      return (
        <SpecTable
          caption="Constants"
          head={['Name', 'Value', 'Meaning']}
          rows={model.constants
            .filter((c) => c.line !== undefined)
            .map((c) => [c.name, formatConstant(c), c.meaning])}
        />
      );
    case 'product':
      return null;
  }
}

/** Every specified section after the first, in full: what the application was built from. */
export function SpecDetails({ model }: { model: AppModel }) {
  const shown = model.sections.filter((s) => s.status === 'specified' && s.key !== 'product');
  if (shown.length === 0) return null;
  return (
    <Stack gap="xl" component="section" aria-labelledby="details-title">
      <Title order={2} size="h3" id="details-title">
        As specified
      </Title>
      {shown.map((s) => (
        <Stack key={s.key} gap="sm" component="section" aria-labelledby={`details-${s.key}`}>
          <Title order={3} size="h4" id={`details-${s.key}`}>
            {s.number}. {s.title}
          </Title>
          {s.description && <Text size="sm">{s.description}</Text>}
          {sectionContent(model, s.key)}
        </Stack>
      ))}
    </Stack>
  );
}
