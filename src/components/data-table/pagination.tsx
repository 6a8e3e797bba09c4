/** First/previous/next/last buttons, a typed page box clamped to 1..last, the page size and the range. */
import { chakra, HStack, IconButton, Input, NativeSelect, Text } from "@chakra-ui/react";
import { type FocusEvent, type KeyboardEvent, useId } from "react";
import { PAGE_SIZES } from "../lists/list-state";
import { clampPage, lastPage, rangeText } from "./page-range";

export interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  disabled?: boolean;
}

export function Pagination({ page, pageSize, count, onPageChange, onPageSizeChange, disabled }: PaginationProps) {
  const sizeId = useId();
  const last = lastPage(count, pageSize);
  const go = (target: number) => {
    const clamped = clampPage(target, count, pageSize);
    if (clamped !== page) onPageChange(clamped);
  };
  const commitTyped = (input: HTMLInputElement) => {
    const clamped = clampPage(input.value, count, pageSize);
    input.value = String(clamped);
    if (clamped !== page) onPageChange(clamped);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") commitTyped(e.currentTarget);
  };
  const onBlur = (e: FocusEvent<HTMLInputElement>) => commitTyped(e.currentTarget);

  return (
    <HStack as="nav" aria-label="Paginazione" gap="3" wrap="wrap" justify="flex-end" py="2">
      <HStack gap="2">
        <chakra.label htmlFor={sizeId} fontSize="sm" whiteSpace="nowrap">
          Risultati per pagina
        </chakra.label>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field
            id={sizeId}
            value={String(pageSize)}
            onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="sm" data-testid="range-text">
        {rangeText(page, pageSize, count)}
      </Text>
      <HStack gap="1">
        <IconButton
          aria-label="Prima pagina"
          size="sm"
          variant="ghost"
          disabled={disabled || page <= 1}
          onClick={() => go(1)}
        >
          «
        </IconButton>
        <IconButton
          aria-label="Pagina precedente"
          size="sm"
          variant="ghost"
          disabled={disabled || page <= 1}
          onClick={() => go(page - 1)}
        >
          ‹
        </IconButton>
        <Input
          key={page}
          aria-label="Numero di pagina"
          size="sm"
          width="14"
          textAlign="center"
          inputMode="numeric"
          defaultValue={String(page)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          disabled={disabled}
        />
        <Text fontSize="sm" whiteSpace="nowrap">
          di {last}
        </Text>
        <IconButton
          aria-label="Pagina successiva"
          size="sm"
          variant="ghost"
          disabled={disabled || page >= last}
          onClick={() => go(page + 1)}
        >
          ›
        </IconButton>
        <IconButton
          aria-label="Ultima pagina"
          size="sm"
          variant="ghost"
          disabled={disabled || page >= last}
          onClick={() => go(last)}
        >
          »
        </IconButton>
      </HStack>
    </HStack>
  );
}
