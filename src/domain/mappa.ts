/** A link that opens a position on a map (the phone's or the browser's): the alarms' "Mappa". */
export function linkMappa(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
}
