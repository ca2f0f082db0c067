/**
 * The filters above a list: a search text applied on Search or Enter (not while typing), the selects
 * and ranges a screen adds (they apply at once, with the text as typed so far), and Reset back to no
 * filter at all. With `caption` each filter has its label above it (a form of several filters);
 * without, the text field is named by its placeholder alone (a search box).
 */
import { Button, Field, HStack, Input, InputGroup, Wrap } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRotateCcw, LuSearch } from 'react-icons/lu';

type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

interface FilterBarProps<F> {
  value: F;
  onChange: (next: F) => void;
  /** The filters Reset applies. */
  empty: F;
  /** Which filter the text field holds. */
  textKey: TextKey<F>;
  /** The text field's accessible name (and placeholder when there is no `placeholder`). */
  label: string;
  placeholder?: string;
  /** Shows `label` above the text field, as the other filters show theirs. */
  caption?: boolean;
  name?: string;
  maxLength?: number;
  size?: 'xs' | 'sm';
  testId?: string;
  /** The other filters; `apply` sets some of them at once, keeping the text as typed. */
  children?: (apply: (patch: Partial<F>) => void) => ReactNode;
}

export function FilterBar<F>({ value, onChange, empty, textKey, label, placeholder, caption, name, maxLength, size = 'sm', testId, children }: FilterBarProps<F>) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value[textKey]));
  const apply = (patch: Partial<F>) => onChange({ ...value, [textKey]: text.trim(), ...patch });
  const field = (
    <InputGroup startElement={<LuSearch />}>
      <Input
        size={size}
        name={name}
        value={text}
        maxLength={maxLength}
        aria-label={caption ? undefined : label}
        placeholder={placeholder ?? label}
        onChange={(e) => setText(e.target.value)}
      />
    </InputGroup>
  );

  return (
    <Wrap
      as="form"
      role="search"
      gap={caption ? '3' : '2'}
      align="flex-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply({});
      }}
      data-testid={testId}
    >
      {caption ? (
        <Field.Root w={{ base: 'full', md: '56' }}>
          <Field.Label textStyle="xs" color="fg.muted">
            {label}
          </Field.Label>
          {field}
        </Field.Root>
      ) : (
        <HStack w={{ base: 'full', sm: '60' }}>{field}</HStack>
      )}
      {children?.(apply)}
      <HStack gap="2">
        <Button type="submit" size={size} colorPalette="brand">
          <LuSearch />
          {t('common.search')}
        </Button>
        <Button
          size={size}
          variant="outline"
          onClick={() => {
            setText(String(empty[textKey]));
            onChange(empty);
          }}
        >
          <LuRotateCcw />
          {t('common.reset')}
        </Button>
      </HStack>
    </Wrap>
  );
}
