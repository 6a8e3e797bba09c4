/** The few line icons of the shell (inline SVG, no icon package). */
import { Icon, type IconProps } from "@chakra-ui/react";

function make(paths: string[], name: string) {
  const C = (props: IconProps) => (
    <Icon {...props}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </Icon>
  );
  C.displayName = name;
  return C;
}

export const UsersIcon = make(
  [
    "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2",
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8",
    "M22 21v-2a4 4 0 0 0-3-3.87",
    "M16 3.13a4 4 0 0 1 0 7.75",
  ],
  "UsersIcon",
);
export const UserPlusIcon = make(
  ["M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2", "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8", "M19 8v6", "M22 11h-6"],
  "UserPlusIcon",
);
export const FileIcon = make(
  ["M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z", "M14 2v6h6", "M8 13h8", "M8 17h8"],
  "FileIcon",
);
export const FilePlusIcon = make(
  ["M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z", "M14 2v6h6", "M12 18v-6", "M9 15h6"],
  "FilePlusIcon",
);
export const BellIcon = make(
  ["M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9", "M13.73 21a2 2 0 0 1-3.46 0"],
  "BellIcon",
);
export const MenuIcon = make(["M3 6h18", "M3 12h18", "M3 18h18"], "MenuIcon");
export const ChevronDownIcon = make(["M6 9l6 6 6-6"], "ChevronDownIcon");
