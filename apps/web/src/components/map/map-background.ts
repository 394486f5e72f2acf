/** A faint grid under the map: where tiles are missing (offline, blocked) it reads as a blank map, not a broken one. */
export const BLANK_MAP = {
  backgroundColor: '#eef4f3',
  backgroundImage: 'linear-gradient(#dbe5e3 1px, transparent 1px), linear-gradient(90deg, #dbe5e3 1px, transparent 1px)',
  backgroundSize: '40px 40px',
};
