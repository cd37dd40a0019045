import {
  Building2,
  Calendar,
  Car,
  DollarSign,
  Droplets,
  Fence,
  Footprints,
  GraduationCap,
  HeartPulse,
  House,
  type LucideProps,
  Sparkles,
  SprayCan,
  Square,
  TrendingUp,
  Truck,
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
};

/** Draws a content icon by name; decorative, so hidden from assistive technology. */
export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
