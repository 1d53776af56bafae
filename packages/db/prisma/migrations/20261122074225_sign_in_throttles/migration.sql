-- CreateTable
CREATE TABLE "sign_in_throttles" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "last_failure_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_throttles_pkey" PRIMARY KEY ("email")
);

