/**
 * The Chakra recipes the app's screens use — the only ones in the bundle. Chakra's theme index
 * builds its default configuration from every recipe it ships (76, ~21 kB gzip on the login page);
 * webpack.config.ts puts this module in place of the theme's `recipes.js` and `slot-recipes.js`,
 * and src/lib/theme.ts builds the system from these lists, so tests render what the browser gets.
 *
 * A screen that starts using another Chakra component adds its recipe here: the web tests fail
 * while it is missing (test/src/setup/after-env.ts refuses a Chakra recipe that is not listed).
 */
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  colorSwatchRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  headingRecipe,
  hoverCardSlotRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  qrCodeSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  colorSwatch: colorSwatchRecipe, // @chakra-ui/charts' BarList legend
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  hoverCard: hoverCardSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  qrCode: qrCodeSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};
