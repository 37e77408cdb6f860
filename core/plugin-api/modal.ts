/**
 * The modal dialog alone, for a view that opens one rarely and loads it with `import()`:
 * it brings headlessui (about 10 KB gzip), which a login view should not pay for up front.
 * `@portal/plugin-api` exports the same `Modal` for views that open it anyway.
 */
export { Modal } from '../ui/Modal';
