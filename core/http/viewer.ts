/** The visitor's city and country, when a lookup has told us; sent as viewer headers. */
export interface ViewerLocation {
  city?: string;
  country?: string;
}

let viewer: ViewerLocation = {};

export function setViewerLocation(location: ViewerLocation): void {
  viewer = { ...location };
}

export function viewerLocation(): ViewerLocation {
  return viewer;
}
