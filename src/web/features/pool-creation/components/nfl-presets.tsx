import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import type { PoolSettingsFormValues } from '../../../components/pool-settings-form/use-pool-settings-form';
import { isNflPreset, NFL_PRESETS, type NflPreset } from './new-pool-settings';

/**
 * NFL Survivor's presets above the settings: a preset fills the rules it names and leaves every field
 * editable; the one the form's rules still match shows as chosen.
 */
export function NflPresets({
  values,
  weeks,
  onChoose,
}: {
  values: PoolSettingsFormValues;
  /** The season's weeks ("Double picks late" runs to the last). */
  weeks: number;
  onChoose: (preset: NflPreset) => void;
}) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text fw={700} size="sm" id={id}>
        Start from a preset
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        {NFL_PRESETS.map((preset) => {
          const chosen = isNflPreset(values, preset.key, weeks);
          return (
            <UnstyledButton
              key={preset.key}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChoose(preset.key)}
              p="xs"
              style={{
                border: `1px solid var(--mantine-color-${chosen ? 'navy-8' : 'gray-4'})`,
                // A second pixel of border without moving the text.
                boxShadow: chosen ? '0 0 0 1px var(--mantine-color-navy-8)' : undefined,
                borderRadius: 'var(--mantine-radius-md)',
                background: chosen ? 'var(--mantine-color-navy-0)' : undefined,
              }}
            >
              <Stack gap={2}>
                <Text fw={700} size="sm" lh={1.25}>
                  {chosen && (
                    <IconCheck size={14} aria-hidden style={{ marginRight: 4, verticalAlign: -2 }} />
                  )}
                  {preset.label}
                </Text>
                <Text size="xs" c="dark.4" lh={1.3}>
                  {preset.summary}
                </Text>
              </Stack>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dark.4">
        A preset fills the rules below; every setting stays yours to change.
      </Text>
    </Stack>
  );
}
