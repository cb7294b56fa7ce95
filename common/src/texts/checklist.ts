import { t } from "../i18n/index.js";

/** The checklists dialog (docs/product.md §2, §5, §8). */
export const CHECKLIST_TEXTS = {
  get title() {
    return t("checklist.title");
  },
  get subtitle() {
    return t("checklist.subtitle");
  },
  get newChecklist() {
    return t("checklist.newChecklist");
  },
  get titleLabel() {
    return t("checklist.titleLabel");
  },
  get titlePlaceholder() {
    return t("checklist.titlePlaceholder");
  },
  get descriptionLabel() {
    return t("checklist.descriptionLabel");
  },
  get descriptionPlaceholder() {
    return t("checklist.descriptionPlaceholder");
  },
  get create() {
    return t("checklist.create");
  },
  get creating() {
    return t("checklist.creating");
  },
  get cancel() {
    return t("checklist.cancel");
  },
  get addItemLabel() {
    return t("checklist.addItemLabel");
  },
  get addItemPlaceholder() {
    return t("checklist.addItemPlaceholder");
  },
  get addItem() {
    return t("checklist.addItem");
  },
  get empty() {
    return t("checklist.empty");
  },
  get emptyText() {
    return t("checklist.emptyText");
  },
  get noItems() {
    return t("checklist.noItems");
  },
  progress: (done: number, total: number) => t("checklist.progress", { done, total }),
  completedBy: (name: string) => t("checklist.completedBy", { name }),
  get deleteChecklist() {
    return t("checklist.deleteChecklist");
  },
  get deleteItem() {
    return t("checklist.deleteItem");
  },
  confirmDeleteChecklist: (title: string) => t("checklist.confirmDeleteChecklist", { title }),
  confirmDeleteItem: (text: string) => t("checklist.confirmDeleteItem", { text }),
  get confirm() {
    return t("checklist.confirm");
  },
  get created() {
    return t("checklist.created");
  },
  get deleted() {
    return t("checklist.deleted");
  },
  get itemAdded() {
    return t("checklist.itemAdded");
  },
  get itemDeleted() {
    return t("checklist.itemDeleted");
  },
  get createFailed() {
    return t("checklist.createFailed");
  },
  get deleteFailed() {
    return t("checklist.deleteFailed");
  },
  get addItemFailed() {
    return t("checklist.addItemFailed");
  },
  get updateItemFailed() {
    return t("checklist.updateItemFailed");
  },
  get deleteItemFailed() {
    return t("checklist.deleteItemFailed");
  },
  get loadFailed() {
    return t("checklist.loadFailed");
  },
} as const;
