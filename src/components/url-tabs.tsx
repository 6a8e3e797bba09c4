/**
 * A record's tabs whose value is the URL segment after the record (`{base}/{tab}`), so a tab can be
 * linked and reloaded; only the tabs given (the screen leaves out those the user may not open). The
 * first tab stands for a missing or unknown segment; a tab is mounted only while it is shown.
 */
import { Box, Tabs } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router-dom";

export interface UrlTab {
  value: string;
  label: string;
  render: () => ReactNode;
}

export function UrlTabs({ tabs, base }: { tabs: readonly UrlTab[]; base: string }) {
  const navigate = useNavigate();
  const wanted = (useParams()["*"] ?? "").split("/")[0];
  const current = tabs.find((t) => t.value === wanted) ?? tabs[0];
  return (
    <Tabs.Root value={current?.value} onValueChange={(d) => navigate(`${base}/${d.value}`)} lazyMount unmountOnExit>
      <Tabs.List flexWrap="wrap">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value}>
          <Box pt="2">{t.value === current?.value ? t.render() : null}</Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
