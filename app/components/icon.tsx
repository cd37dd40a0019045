import {
  Building2,
  Calendar,
  Car,
  Clock,
  DollarSign,
  Droplets,
  Fence,
  Flame,
  Footprints,
  Gauge,
  GraduationCap,
  HeartPulse,
  House,
  Leaf,
  type LucideProps,
  Recycle,
  ShieldCheck,
  Sparkles,
  SprayCan,
  Square,
  ThumbsUp,
  TrendingUp,
  Truck,
  Users,
  Warehouse,
  Waves,
} from "lucide-react";
import type { IconName } from "../content/schema.ts";

const icons: Record<IconName, React.ComponentType<LucideProps>> = {
  droplets: Droplets,
  home: House,
  "spray-can": SprayCan,
  square: Square,
  truck: Truck,
  car: Car,
  footprints: Footprints,
  fence: Fence,
  "house-roof": Warehouse,
  waves: Waves,
  building: Building2,
  sparkles: Sparkles,
  "dollar-sign": DollarSign,
  "heart-pulse": HeartPulse,
  "graduation-cap": GraduationCap,
  calendar: Calendar,
  "trending-up": TrendingUp,
  flame: Flame,
  gauge: Gauge,
  leaf: Leaf,
  recycle: Recycle,
  "shield-check": ShieldCheck,
  clock: Clock,
  users: Users,
  "thumbs-up": ThumbsUp,
};

/** Draws a content icon by name; decorative, so hidden from assistive technology. */
export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
