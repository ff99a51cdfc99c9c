/** Verbs that open an instruction in procedures people describe ("Open…", "Check…", "Send…"). */
export const imperativeVerbs = new Set(
  `accept access add adjust agree align allocate apply approve archive arrange ask assign attach audit back book brief build calculate
  call cancel capture change charge check choose clean clear click close collect compare complete configure confirm connect contact
  copy count create cut decide define delete deliver deploy describe design disable discuss dispose distribute document double download
  draft drag drop edit email empty enable ensure enter escalate estimate evaluate export file fill filter find finish fix flag follow
  forward gather generate get give go grant hand handle hit hold identify import inform inspect install invite issue keep label launch
  leave let list load lock log look make mark measure meet merge monitor move navigate note notify number offer open order organise
  organize pack paste pay pick place plan plug post prepare present press print prioritise prioritize process provide publish pull push
  put read record refresh register reject release remind remove rename reopen repeat replace reply report request reset resolve restart
  restore return review run save scan schedule scroll search secure select send set share ship shut sign sort start stop store submit
  swipe switch take tap tell test tick track train transfer turn type unlock unplug update upload use validate verify visit wait walk
  wash watch wipe write`.split(/\s+/),
);
