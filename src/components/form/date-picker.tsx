/**
 * The calendar beside a date input: a month in Italian (weeks from Monday), opened on the field's
 * day or today. Keyboard: ←/→ a day, ↑/↓ a week, PgUp/PgDn a month (with Shift a year),
 * Home/End the week's ends, Enter or Space picks, Esc closes. Days are YYYY-MM-DD throughout.
 */
import { Box, Button, Grid, HStack, IconButton, Popover, Text } from "@chakra-ui/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { toApiDate } from "../../domain/format";
import { addDays, parseDay } from "../../domain/shift-rules";

const MONTHS = [
  "gennaio",
  "febbraio",
  "marzo",
  "aprile",
  "maggio",
  "giugno",
  "luglio",
  "agosto",
  "settembre",
  "ottobre",
  "novembre",
  "dicembre",
];
const WEEKDAYS = ["Lu", "Ma", "Me", "Gi", "Ve", "Sa", "Do"];

const pad = (n: number) => String(n).padStart(2, "0");

/** The same day `months` later, on the month's last day when it has fewer ('31/01' + 1 → '28/02'). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = parseDay(day)!;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The 6 × 7 days shown for the month of `day`, from the Monday on or before its first. */
function monthGrid(day: string): string[] {
  const [y, m] = parseDay(day)!;
  const first = `${y}-${pad(m)}-01`;
  const weekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // Monday 0
  const start = addDays(first, -weekday);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

const dayLabel = (day: string) => {
  const [y, m, d] = parseDay(day)!;
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

const KEY_STEPS: Record<string, (day: string, shift: boolean) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => addMonths(d, shift ? 12 : 1),
  Home: (d) => {
    const [y, m, dd] = parseDay(d)!;
    return addDays(d, -((new Date(Date.UTC(y, m - 1, dd)).getUTCDay() + 6) % 7));
  },
  End: (d) => {
    const [y, m, dd] = parseDay(d)!;
    return addDays(d, 6 - ((new Date(Date.UTC(y, m - 1, dd)).getUTCDay() + 6) % 7));
  },
};

function Month({ selected, onPick }: { selected: string | null; onPick: (day: string) => void }) {
  const today = toApiDate(new Date());
  const [focused, setFocused] = useState(selected ?? today);
  const grid = useRef<HTMLDivElement>(null);
  const [y, m] = parseDay(focused)!;
  const title = `${MONTHS[m - 1]} ${y}`;

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = KEY_STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    setFocused(step(focused, e.shiftKey));
  };

  const move = (label: string, months: number, text: string) => (
    <IconButton aria-label={label} size="xs" variant="ghost" onClick={() => setFocused(addMonths(focused, months))}>
      {text}
    </IconButton>
  );

  return (
    <Box>
      <HStack justify="space-between" mb="2">
        <HStack gap="0">
          {move("Anno precedente", -12, "«")}
          {move("Mese precedente", -1, "‹")}
        </HStack>
        <Text fontWeight="semibold" textTransform="capitalize" aria-live="polite">
          {title}
        </Text>
        <HStack gap="0">
          {move("Mese successivo", 1, "›")}
          {move("Anno successivo", 12, "»")}
        </HStack>
      </HStack>
      <Grid
        templateColumns="repeat(7, 2.25rem)"
        gap="1"
        role="group"
        aria-label={title}
        ref={grid}
        onKeyDown={onKeyDown}
      >
        {WEEKDAYS.map((w) => (
          <Text key={w} aria-hidden="true" textAlign="center" fontSize="xs" color="fg.muted">
            {w}
          </Text>
        ))}
        {monthGrid(focused).map((day) => {
          const inMonth = parseDay(day)![1] === m;
          const isSelected = day === selected;
          return (
            <Button
              key={day}
              data-day={day}
              aria-label={dayLabel(day)}
              aria-pressed={isSelected}
              aria-current={day === today ? "date" : undefined}
              tabIndex={day === focused ? 0 : -1}
              size="xs"
              variant={isSelected ? "solid" : day === today ? "outline" : "ghost"}
              color={inMonth || isSelected ? undefined : "fg.subtle"}
              onClick={() => onPick(day)}
            >
              {Number(day.slice(8))}
            </Button>
          );
        })}
      </Grid>
    </Box>
  );
}

/** The calendar button of a date input: picks a day ('YYYY-MM-DD'); `value` is the field's day, if any. */
export function DatePicker({
  value,
  onPick,
  disabled,
}: {
  value: string | null;
  onPick: (day: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => setOpen(d.open)}
      lazyMount
      unmountOnExit
      // the field's day (or today) takes the focus, as the arrow keys then move it
      initialFocusEl={() => content.current?.querySelector<HTMLElement>('[data-day][tabindex="0"]') ?? null}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label="Scegli dal calendario" variant="outline" size="sm" disabled={disabled}>
          <CalendarIcon />
        </IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content width="auto" ref={content}>
          <Popover.Body p="3">
            <Month
              selected={value}
              onPick={(day) => {
                onPick(day);
                setOpen(false);
              }}
            />
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
