export { createEventBus, type EventBus, type EventListener } from './event-bus';
