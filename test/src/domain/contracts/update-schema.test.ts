import { z } from "zod";
import { updateSchema } from "../../../../src/domain/contracts/update-schema";

describe("updateSchema", () => {
  const create = z
    .object({
      nome: z.string().trim().min(1, "Obbligatorio"),
      quantita: z.coerce.number().int().min(1, "Quantità non valida").default(1),
      attivo: z.boolean().default(true).optional(),
      nota: z.string().prefault("").nullable(),
    })
    .superRefine(() => {});

  it("leaves out what the body leaves out: no default fills an omitted key", () => {
    // zod 4 runs defaults inside .partial(): the reason for the helper.
    expect(create.shape.quantita.optional().parse(undefined)).toBe(1);
    expect(updateSchema(create).parse({})).toEqual({});
    expect(updateSchema(create).parse({ nome: " Radio " })).toEqual({ nome: "Radio" });
  });

  it("keeps every field's own rules", () => {
    expect(updateSchema(create).parse({ quantita: "3", attivo: false, nota: null })).toEqual({
      quantita: 3,
      attivo: false,
      nota: null,
    });
    expect(updateSchema(create).safeParse({ quantita: 0 }).error?.issues[0].message).toBe("Quantità non valida");
    expect(updateSchema(create).safeParse({ nome: "" }).success).toBe(false);
    expect(updateSchema({ nome: z.string().default("x") }).parse({})).toEqual({});
  });
});
