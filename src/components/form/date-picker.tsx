/**
 * The calendar beside a date input: a month in Italian (weeks from Monday), opened on the field's
 * day or today. Keyboard: ←/→ a day, ↑/↓ a week, PgUp/PgDn a month (with Shift a year),
 * Home/End the week's ends, Enter or Space picks, Esc closes. Days are YYYY-MM-DD throughout.
 */
import { Box, Button, Grid, HStack, IconButton, Popover, Text } from "@chakra-ui/react";
import { addMonths, endOfWeek, format, startOfMonth, startOfWeek } from "date-fns";
import { it } from "date-fns/locale";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { toApiDate } from "../../domain/format";
import { addDays, parseDay } from "../../domain/shift-rules";

const WEEKDAYS = ["Lu", "Ma", "Me", "Gi", "Ve", "Sa", "Do"];
const WEEK = { locale: it, weekStartsOn: 1 as const };

/** 'YYYY-MM-DD' as a local Date, for date-fns's calendar arithmetic. */
function dateOf(day: string): Date {
  const [y, m, d] = parseDay(day)!;
  return new Date(y, m - 1, d);
}

/** The same day `months` later, on the month's last day when it has fewer ('31/01' + 1 → '28/02'). */
const plusMonths = (day: string, months: number) => toApiDate(addMonths(dateOf(day), months));

/** The 6 × 7 days shown for the month of `day`, from the Monday on or before its first. */
function monthGrid(day: string): string[] {
  const start = toApiDate(startOfWeek(startOfMonth(dateOf(day)), WEEK));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

const KEY_STEPS: Record<string, (day: string, shift: boolean) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d, shift) => plusMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => plusMonths(d, shift ? 12 : 1),
  Home: (d) => toApiDate(startOfWeek(dateOf(d), WEEK)),
  End: (d) => toApiDate(endOfWeek(dateOf(d), WEEK)),
};

function Month({ selected, onPick }: { selected: string | null; onPick: (day: string) => void }) {
  const today = toApiDate(new Date());
  const [focused, setFocused] = useState(selected ?? today);
  const grid = useRef<HTMLDivElement>(null);
  const month = parseDay(focused)![1];
  const title = format(dateOf(focused), "LLLL yyyy", { locale: it });

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
    <IconButton aria-label={label} size="xs" variant="ghost" onClick={() => setFocused(plusMonths(focused, months))}>
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
          const inMonth = parseDay(day)![1] === month;
          const isSelected = day === selected;
          return (
            <Button
              key={day}
              data-day={day}
              aria-label={format(dateOf(day), "d MMMM yyyy", { locale: it })}
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
