import type { CarouselItem, LoginPageInfo } from '@portal/plugin-api';
import type { LoginLayoutConfig } from './index';
import { safeUrl } from './pageInfo';

export interface Slide {
  id: string;
  imageUrl: string;
  description: string | null;
  link: string | null;
  linkText: string | null;
}

function fromItem(item: CarouselItem): Slide | null {
  const imageUrl = safeUrl(item.fileUrl);
  if (!imageUrl) return null;
  const link = safeUrl(item.link);
  return { id: item.id, imageUrl, description: item.description || null, link, linkText: link ? item.linkText || null : null };
}

/** The client's slides in their order, else the deployment's; empty means the default image. */
export function slidesFrom(info: LoginPageInfo | null, fallback: LoginLayoutConfig['slides']): Slide[] {
  const own = (info?.carouselInfos ?? [])
    .slice()
    .sort((a, b) => a.orderValue - b.orderValue)
    .map(fromItem)
    .filter((s): s is Slide => s !== null);
  if (own.length) return own;
  return fallback
    .map((s, i) => fromItem({ id: `deployment-${i}`, orderValue: i, fileUrl: s.fileUrl, description: s.description ?? null, link: s.link ?? null, linkText: s.linkText ?? null }))
    .filter((s): s is Slide => s !== null);
}
